/* Copied by mcugen. `pio test` builds the firmware in src/ (test_build_src = yes) together with this
 * folder, which PlatformIO requires to hold at least one source file; the test cases themselves are the
 * firmware's MCUGEN lines, read by test/test_custom_runner.py. */
const char mg_pio_test_suite[] = "mcugen firmware";
