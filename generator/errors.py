"""The one error type every stage raises for bad input; the CLI prints it as one line and exits 2."""


class McugenError(Exception):
    """A problem with the user's input or setup, with the fix in its message."""

    exit_code = 2
