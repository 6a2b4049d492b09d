/* replay.c: runs the fuzz target over files (the kept corpus and every
 * input the fuzzer ever crashed on) without libFuzzer, so `make check`
 * guards against regressions with the ordinary compiler. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int passed = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        static uint8_t buf[1 << 20];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);   /* aborts on a broken invariant */
        passed++;
    }
    printf("fuzz replay: %d passed, 0 failed\n", passed);
    return 0;
}
