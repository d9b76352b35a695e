"""Runs the SCons that pip installed beside PlatformIO (PlatformIO calls this file with its own Python)."""

import sys

from SCons.Script.Main import main

if __name__ == "__main__":
    sys.exit(main())
