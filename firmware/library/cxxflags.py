"""PlatformIO extra script of an mcugen model library: C++ without exceptions, RTTI or thread-safe statics, so the
application links without libstdc++ (library.json's `flags` reach the C compiler too, which rejects these)."""

Import("env")  # noqa: F821 (PlatformIO's SCons namespace)

env.Append(CXXFLAGS=["-fno-exceptions", "-fno-rtti", "-fno-threadsafe-statics", "-fno-use-cxa-atexit"])  # noqa: F821
