/* The example's audio on the device: audio.wav's samples (16-bit PCM, mono, 16 kHz, after its 44-byte header),
 * in flash as the array audio_samples, included by the assembler. AUDIO_WAV is the file's path as a string
 * literal, from CMakeLists.txt. */
__asm__(".section .rodata.audio_samples, \"a\"\n"
        ".balign 4\n"
        ".global audio_samples\n"
        "audio_samples:\n"
        ".incbin \"" AUDIO_WAV "\", 44\n"
        ".previous\n");
