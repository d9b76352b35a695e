"""Copied by mcugen. PlatformIO's custom test runner for `pio test -e BOARD` on a generated project.

The firmware under test is the project's own (src/, built with test_build_src = yes). On a QEMU board,
test_testing_command in platformio.ini runs it in QEMU; on a real board PlatformIO uploads it and reads the
serial port. Either way this runner turns the firmware's console protocol (docs/protocol.md) into test cases
and prints them in Unity's format (`file:line:name:PASS`), with Unity's summary line at the end.
"""
import json
import os
import re

import click
from platformio.exception import ReturnErrorCode
from platformio.public import TestCase, TestCaseSource, TestRunnerBase, TestStatus
from platformio.test.exception import UnitTestSuiteError

SOURCE = "test/test_firmware/test_firmware.c"
LINE_RE = re.compile(r"MCUGEN (?P<kind>[A-Z]+)(?: (?P<rest>.*))?$")


class CustomTestRunner(TestRunnerBase):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._outputs = self._output_sizes()
        self._seen_output = {}
        self._cases = 0
        self._failures = 0

    # --- stages: a QEMU board has nothing to upload, so build here instead of in the upload stage ---

    def _emulated(self):
        return bool(self.project_config.get(f"env:{self.test_suite.env_name}", "test_testing_command"))

    def stage_building(self):
        if not self._emulated() or self.options.without_building:
            return super().stage_building()
        click.secho("Building...", bold=True)
        try:
            return self.run_project_targets(["__test", "checkprogsize"])
        except ReturnErrorCode as exc:
            raise UnitTestSuiteError("Building stage has failed, see errors above. "
                                     "Use `pio test -vvv` option to enable verbose output.") from exc

    def stage_uploading(self):
        if self._emulated():
            return None  # QEMU loads the ELF itself (-kernel)
        return super().stage_uploading()

    # --- the firmware's console as test cases ---

    def _output_sizes(self):
        """Bytes per model output, from mcugen.json beside platformio.ini."""
        try:
            with open(os.path.join(os.path.dirname(self.project_config.path), "mcugen.json")) as fh:
                outputs = json.load(fh)["outputs"]
        except (OSError, ValueError, KeyError):
            return []
        sizes = []
        for o in outputs:
            count = 1
            for d in o["shape"]:
                count *= d
            sizes.append(count * {"INT8": 1, "UINT8": 1, "INT16": 2, "INT32": 4, "FLOAT32": 4}.get(o["dtype"], 1))
        return sizes

    def _case(self, name, passed, message=None):
        self._cases += 1
        self._failures += 0 if passed else 1
        status = "PASS" if passed else "FAIL"
        click.echo(f"{SOURCE}:{self._cases}:{name}:{status}" + (f": {message}" if message else ""))
        self.test_suite.add_case(TestCase(name=name, status=TestStatus.PASSED if passed else TestStatus.FAILED,
                                          message=message, source=TestCaseSource(SOURCE, self._cases)))

    def _finish(self):
        click.echo("-----------------------")
        click.echo(f"{self._cases} Tests {self._failures} Failures 0 Ignored")
        click.echo("OK" if not self._failures else "FAIL")
        self.test_suite.on_finish()

    def on_testing_line_output(self, line):
        if self.options.verbose:
            click.echo(line, nl=False)
        match = LINE_RE.search(line.strip())
        if not match or self.test_suite.is_finished():
            return
        kind, rest = match.group("kind"), (match.group("rest") or "").split()
        if kind == "BOOT":
            self._case("boot", True)
        elif kind == "NOINPUT":
            self._case("inputs", True, "no host inputs: one all-zero set")
        elif kind == "COST" and len(rest) == 2:
            self._case(f"inference_set_{rest[0]}", True, f"{rest[1]} ticks")
        elif kind == "OUTPUT" and len(rest) >= 2:
            set_index, output = int(rest[0]), int(rest[1])
            got = len(rest[2]) // 2 if len(rest) > 2 else 0
            want = self._outputs[output] if output < len(self._outputs) else got
            self._case(f"output_{output}_set_{set_index}", got == want, f"{got} bytes, expected {want}")
        elif kind == "STACK" and len(rest) == 2:
            used, size = int(rest[0]), int(rest[1])
            self._case("stack", used <= size, f"{used} of {size} bytes")
        elif kind == "DONE":
            self._case("done", True)
            self._finish()
        elif kind in ("ERROR", "FAULT"):
            self._case(kind.lower(), False, " ".join(rest))
            self._finish()
