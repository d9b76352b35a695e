"""Case builders of the cli_errors tests that other test modules use too."""


def assert_clean_failure(result, *phrases):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("mcugen: error: ")
    for phrase in phrases:
        assert phrase in result.stderr
