"""The one error type every stage raises for bad input (the CLI prints it as one line and exits 2), and the
"did you mean" hint its messages share."""

import difflib


class McugenError(Exception):
    """A problem with the user's input or setup, with the fix in its message."""

    exit_code = 2


def did_you_mean(name: str, known: list[str]) -> str:
    """ " (did you mean 'x'?)" for a near miss: case, '_' for '-', a dropped or swapped letter; else ""."""
    normal = {k.lower().replace("_", "-"): k for k in known}
    close = difflib.get_close_matches(name.lower().replace("_", "-"), list(normal), n=1, cutoff=0.8)
    return f" (did you mean '{normal[close[0]]}'?)" if close else ""
