"""Options that mean nothing together, or nothing for the number of models given, are refused with one line
before anything runs; then the defaults that depend on whether an option was given are filled in."""

from __future__ import annotations

from ..errors import McugenError


def check_combinations(args) -> None:
    """Options that mean nothing together are refused, not silently ignored; then the defaults that depend on
    whether an option was given are filled in."""
    if args.command == "plan" and not args.nodes:
        for flag in ("csv", "run"):
            if getattr(args, flag):
                raise McugenError(f"--{flag} needs --nodes (it applies to the per-node dump)")
    if args.command == "plan" and args.nodes and args.html:
        raise McugenError("--html draws the memory plan, not the per-node dump: drop --nodes")
    if args.command == "ops" and args.model is not None and args.markdown:
        raise McugenError("--markdown prints the catalog; it takes no MODEL")
    if args.command == "ops" and args.model is None and args.board:
        raise McugenError("--board needs a MODEL (the catalog lists every kernel for every board)")
    if args.command == "ops" and args.model is None and args.no_rewrite:
        raise McugenError("--no-rewrite needs a MODEL (it judges the model as given)")
    if args.command == "ops" and args.markdown and args.json:
        raise McugenError("choose one of --json and --markdown")
    if getattr(args, "form", None) == "firmware":
        args.form = "harness"
    if args.command == "generate" and args.form == "harness" and args.name is not None and len(args.model) == 1:
        raise McugenError("--name names a library: add --as library, or drop --name")
    if args.command == "generate" and args.board is None and (args.form != "library" or args.target is None):
        raise McugenError("generate needs --board (or, with --as library, --target CORE)")
    if args.command == "generate" and args.form == "library" and args.verbose:
        raise McugenError("--verbose logs over the harness's UART; a library has none (drop --verbose)")
    _check_several_models(args)
    if args.command == "build" and args.project is None and not args.print_env:
        raise McugenError("build needs a PROJECT folder written by `mcugen generate` (only --print-env works without)")
    if (
        args.command in ("run", "verify", "flash")
        and args.inputs
        and (args.random is not None or args.seed is not None)
    ):
        raise McugenError("--inputs gives the input sets; --random and --seed make random ones: choose one")
    if args.command == "flash" and args.seed is not None and args.random is None:
        raise McugenError("--seed seeds the sets --random N makes: add --random N, or drop --seed")
    if args.command in ("run", "verify"):
        _check_port_options(args)
    if args.command in ("run", "verify", "flash"):
        args.seed = 0 if args.seed is None else args.seed
    if getattr(args, "patch_overhead", None) is not None and not args.patches:
        raise McugenError("--patch-overhead needs --patches")
    if args.command == "zoo" and args.fail_on and not args.baseline:
        raise McugenError("--fail-on needs --baseline OLD.json")
    if args.command == "size" and args.max_growth is not None and not args.baseline:
        raise McugenError("--max-growth needs --baseline OLD.json")


def _check_several_models(args) -> None:
    """The options that only mean something for several models, or for one."""
    models = getattr(args, "model", None)
    if not isinstance(models, list):
        return
    if len(models) == 1 and getattr(args, "arena", None) is not None:
        raise McugenError("--arena divides memory between several models; give two or more MODELs, or drop it")
    if len(models) == 1 and args.command == "verify" and args.name:
        raise McugenError("--name names each of several models; verify of one model takes none")
    files = len(getattr(args, "inputs", None) or [])
    if args.command == "verify" and files > 1 and files != len(models):  # refused before anything is generated
        if len(models) == 1:
            raise McugenError(f"{files} --inputs files for one model: give one")
        raise McugenError(f"{files} --inputs files for {len(models)} models: give one per model or one in all")
    if len(models) > 1 and args.command == "plan":
        for flag, what in (("nodes", "one model's nodes"), ("html", "one model's plan")):
            if getattr(args, flag):
                raise McugenError(f"--{flag} shows {what}: run `mcugen plan MODEL --{flag} ...` per model")


def _check_port_options(args) -> None:
    if args.port is None:
        defaults = {"baud": 115200, "no_flash": False, "timeout": 60.0, "probe": None}
        given = [flag for flag, default in defaults.items() if getattr(args, flag) != default]
        if given:
            raise McugenError(f"--{given[0].replace('_', '-')} needs --port (it applies to a run on a real board)")
        return
    if args.emulator != "qemu":
        raise McugenError("--port runs on the real board, --emulator in an emulator: choose one")
    if args.no_flash and args.probe:
        raise McugenError("--probe chooses the flashing tool; --no-flash flashes nothing: choose one")
    if args.timeout <= 0:
        raise McugenError(f"--timeout must be more than 0 seconds, not {args.timeout:g}")
