import sys
from pathlib import Path

# The Python extension is built into build/python by `make build-native`.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build/python"))
