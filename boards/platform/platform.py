"""PlatformIO entry point of the local mcugen platform (no custom behaviour needed)."""

from platformio.public import PlatformBase


class McugencortexmPlatform(PlatformBase):
    pass
