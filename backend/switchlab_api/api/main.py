from fastapi import APIRouter

from .routes import experiments, health, imports, meta, sweeps, traces

api_router = APIRouter(prefix="/api")
api_router.include_router(health.router)
api_router.include_router(experiments.router)
api_router.include_router(sweeps.router)
api_router.include_router(meta.router)
api_router.include_router(imports.router)
api_router.include_router(traces.router)
