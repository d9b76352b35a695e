"""The bench's sections for issues 17 and 18 (generator/bench/memory.py, multi.py): the arena per --memory mode
with the goal judged on the best mode and layer's instructions against the measured mode's; the firmware of three
models against its flash limit and the single-model arenas; which mode is measured; a blocked run says why."""

from generator.bench.memory import MemoryRun, measured_mode, memory_modes_table
from generator.bench.multi import MultiRun, Single, multi_table


def _rows(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("| ") and not line.startswith(("| model", "| board"))]


def test_the_measured_mode_is_the_first_meeting_the_goal_else_min():
    assert measured_mode({"layer": 16000, "auto": 8960, "min": 8000}, 9000) == "auto"
    assert measured_mode({"layer": 3456, "auto": 3456, "min": 1932}, 2600) == "min"
    assert measured_mode({"layer": 19588, "auto": 19588, "min": 19588}, 9000) == "min"
    assert measured_mode({"layer": 100, "auto": 90, "min": 80}, None) == "auto"


def test_memory_rows_show_the_arenas_the_goal_on_the_best_mode_and_the_overhead():
    arenas = {"layer": 16000, "auto": 8960, "min": 8960}
    runs = [
        MemoryRun("kws", "reference", None, arenas, 9000, "auto", True, 1000, 1050, "an386"),
        MemoryRun(
            "kws", "auto", None, {"layer": 19588, "auto": 19588, "min": 19588}, 9000, "min", True, 500, 500, "an386"
        ),
        MemoryRun(
            "wand", "auto", None, {"layer": 4676, "auto": 4676, "min": 2132}, 2600, "min", True, 200, 230, "an547"
        ),
        MemoryRun("sine", "auto", None, {"layer": 48, "auto": 48, "min": 48}, None, "auto", False, 10, 10, "an547"),
        MemoryRun("vww", "reference", "the board is too small: flash 1 B over", board="an386"),
    ]
    rows = _rows(memory_modes_table(runs))
    assert (
        rows[0] == "| kws | an386 | reference | 16,000 | 8,960 | 8,960 | 9,000 | yes (auto: 8,960) | yes | 1,000 "
        "| 1,050 (auto) | +5.0 % |"
    )
    assert rows[1] == (
        "| kws | an386 | auto | 19,588 | 19,588 | 19,588 | 9,000 | no, 10,588 B over (auto: 19,588) | yes | 500 "
        "| 500 (min) | +0.0 % (met) |"
    )
    assert rows[2].endswith("| yes (min: 2,132) | yes | 200 | 230 (min) | +15.0 % (over the goal) |")
    assert rows[3] == "| sine | an547 | auto | 48 | 48 | 48 | - | - (auto: 48) | NO | 10 | 10 (auto) | +0.0 % (met) |"
    assert rows[4].startswith("| vww | an386 | reference | blocked: the board is too small")
    assert rows[4].count("|") == rows[0].count("|")
    assert memory_modes_table([]) == []


def _multi(board: str, flash: int, arena: int, sets: int = 3) -> MultiRun:
    singles = [
        Single("kws", 53736, 40036, 19588),
        Single("ad", 280280, 30216, 3968),
        Single("wand", 10248, 18720, 4676),
    ]
    return MultiRun(board, None, True, True, sets, flash, 62872, arena, singles)


def test_multi_rows_give_the_limit_the_margin_and_the_arena_against_the_single_ones():
    ok, over = _multi("mps2-an386", 407136, 19588), _multi("mps3-an547", 500000, 19600)
    assert ok.model_bytes == 344264 and ok.largest_code.model == "kws"
    assert ok.limit == (344264 + 40036) * 115 // 100 == 441945
    rows = _rows(multi_table([ok, over, MultiRun("mps3-an547", "QEMU has no machine")]))
    assert rows[0] == (
        "| mps2-an386 | yes, bit-exact (3 sets) | 407,136 | 344,264 | 40,036 (kws) | 441,945 | 34,809 B under "
        "| 19,588 | kws 19,588, ad 3,968, wand 4,676 | met |"
    )
    assert "| 58,055 B OVER |" in rows[1] and rows[1].endswith("| gap: +12 B |")
    assert "| yes, bit-exact (1 set) |" in _rows(multi_table([_multi("mps2-an386", 1, 19588, sets=1)]))[0]
    assert rows[2].startswith("| mps3-an547 | blocked: QEMU has no machine |")
    assert rows[2].count("|") == rows[0].count("|")
    assert multi_table([]) == []
