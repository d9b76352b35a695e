"""emit: Plan + Board -> a self-contained PlatformIO project folder (jinja2 templates, deterministic)."""

from .project import MANIFEST, IoTensor, Project, emit, load_project

__all__ = ["MANIFEST", "IoTensor", "Project", "emit", "load_project"]
