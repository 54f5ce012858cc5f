/* RGB8 images, a 3x5 pixel font and PNG output (libpng) for fiu-render. */
#ifndef FIU_RENDER_IMAGE_H
#define FIU_RENDER_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    unsigned w, h;
    uint8_t *rgb; /* w*h*3 */
} image;

bool image_new(image *im, unsigned w, unsigned h);
void image_free(image *im);
void image_fill(image *im, unsigned x, unsigned y, unsigned w, unsigned h, const uint8_t c[3]);
/* Text in the 3x5 font scaled by s, on a dark box; unknown characters are blanks. */
void image_text(image *im, unsigned x, unsigned y, unsigned s, const char *text, const uint8_t c[3]);
unsigned image_text_width(const char *text, unsigned s);
/* False with a message on stderr on failure. */
bool image_write_png(const image *im, const char *path);

#endif
