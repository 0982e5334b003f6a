/* A memory-hungry neighbour: reads and writes a 64 MB buffer at random
 * indices until killed, so whatever runs on the other core shares the
 * last-level cache with it (how "where caches are small" was timed in
 * docs/performance.md).
 *
 *   gcc -O2 -o /tmp/cache-neighbour scripts/cache-neighbour.c
 *   taskset -c 0 /tmp/cache-neighbour &
 *   nice -n -15 taskset -c 1 cargo bench --bench reference_speed
 *   kill %1
 */
#include <stdint.h>
#include <stdlib.h>

int main(void) {
    size_t n = (size_t)64 << 20;
    uint8_t *b = malloc(n);
    if (!b) return 1;
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)i;
    uint64_t x = 88172645463325252ull; /* xorshift64 */
    volatile uint64_t sink = 0;
    for (;;) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        sink += b[x % n];
        b[(x >> 20) % n]++;
    }
}
