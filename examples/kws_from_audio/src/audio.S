/* The example's audio on the device: audio.wav's samples (16-bit PCM, mono, 16 kHz, after its 44-byte header),
 * in flash as the array audio_samples. AUDIO_WAV is the file's path, from CMakeLists.txt. */
    .section .rodata.audio_samples, "a"
    .balign 4
    .global audio_samples
audio_samples:
    .incbin AUDIO_WAV, 44
