"""The bench's rewrite rows (generator/bench/rewrites.py, markdown.rewrite_table): each build beside the model as
given, the change in brackets, a build that cannot run saying why; and which builds a model gets."""

from pathlib import Path

from conftest import FIXTURES
from generator.bench.markdown import rewrite_table
from generator.bench.rewrites import AS_GIVEN, KEPT, REWRITE_FIXTURES, REWRITTEN, RewriteRun, applied_rewrites
from generator.boards import load_board


def test_rows_show_each_build_against_the_model_as_given():
    runs = [
        RewriteRun("m", AS_GIVEN, "", None, True, 1000, 400, 160, 5000),
        RewriteRun("m", REWRITTEN, "1 cancelled", None, True, 900, 400, 48, 5000),
        RewriteRun("f", AS_GIVEN, "", "9 node(s) cannot run on mcugen's kernels: node 0 ..."),
        RewriteRun("f", REWRITTEN, "6 folded", None, True, 2000, 300, 64, 100),
        RewriteRun("z", "no rewrite applies", "", None, True, 10, 1, 2, 3),
    ]
    rows = [line for line in rewrite_table(runs) if line.startswith("| ") and not line.startswith("| model")]
    assert rows[0] == "| m | as given (--no-rewrite) | - | yes | 1,000 | 400 | 160 | 5,000 |"
    assert rows[1] == "| m | rewritten | 1 cancelled | yes | 900 (-100) | 400 | 48 (-112) | 5,000 |"
    assert "does not run: 9 node(s) cannot run" in rows[2]
    assert rows[3] == "| f | rewritten | 6 folded | yes | 2,000 | 300 | 64 | 100 |"
    assert rows[4] == "| z | no rewrite applies | - | yes | 10 | 1 | 2 | 3 |"
    assert rewrite_table([]) == []


def test_the_fixtures_exist_and_the_float16_one_gets_a_kept_build():
    board = load_board("mps2-an386")
    assert all(Path(path).is_file() for path in REWRITE_FIXTURES)
    assert (
        applied_rewrites(FIXTURES / "conv_float16_weights.tflite", board, "keep") == "3 kept float16 in flash, 3 folded"
    )
    assert applied_rewrites(FIXTURES / "conv_relu_int8.tflite", board, "fold") == "3 fused"
    assert KEPT != REWRITTEN
