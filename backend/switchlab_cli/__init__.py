"""`switchlab`: command-line client of the SwitchLab REST API for batch users."""

__version__ = "0.1.0"
