/* RGB8 images, font, PNG (docs/render.md). */
#include "image.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool image_new(image *im, unsigned w, unsigned h)
{
    im->w = w, im->h = h;
    im->rgb = calloc((size_t)w * h, 3);
    return im->rgb != NULL;
}

void image_free(image *im)
{
    free(im->rgb);
    im->rgb = NULL;
}

void image_fill(image *im, unsigned x, unsigned y, unsigned w, unsigned h, const uint8_t c[3])
{
    for (unsigned j = y; j < y + h && j < im->h; j++)
        for (unsigned i = x; i < x + w && i < im->w; i++)
            memcpy(&im->rgb[3 * ((size_t)j * im->w + i)], c, 3);
}

/* 3x5 glyphs, rows top to bottom, 3 bits each (bit 2 = left). */
static const struct {
    char c;
    uint8_t row[5];
} FONT[] = {
    {'0', {7, 5, 5, 5, 7}}, {'1', {2, 6, 2, 2, 7}}, {'2', {7, 1, 7, 4, 7}}, {'3', {7, 1, 7, 1, 7}},
    {'4', {5, 5, 7, 1, 1}}, {'5', {7, 4, 7, 1, 7}}, {'6', {7, 4, 7, 5, 7}}, {'7', {7, 1, 1, 1, 1}},
    {'8', {7, 5, 7, 5, 7}}, {'9', {7, 5, 7, 1, 7}}, {'A', {2, 5, 7, 5, 5}}, {'B', {6, 5, 6, 5, 6}},
    {'C', {3, 4, 4, 4, 3}}, {'D', {6, 5, 5, 5, 6}}, {'E', {7, 4, 6, 4, 7}}, {'F', {7, 4, 6, 4, 4}},
    {'G', {3, 4, 5, 5, 3}}, {'H', {5, 5, 7, 5, 5}}, {'I', {7, 2, 2, 2, 7}}, {'J', {1, 1, 1, 5, 2}},
    {'K', {5, 5, 6, 5, 5}}, {'L', {4, 4, 4, 4, 7}}, {'M', {5, 7, 7, 5, 5}}, {'N', {6, 5, 5, 5, 5}},
    {'O', {2, 5, 5, 5, 2}}, {'P', {6, 5, 6, 4, 4}}, {'Q', {2, 5, 5, 6, 3}}, {'R', {6, 5, 6, 5, 5}},
    {'S', {3, 4, 2, 1, 6}}, {'T', {7, 2, 2, 2, 2}}, {'U', {5, 5, 5, 5, 7}}, {'V', {5, 5, 5, 5, 2}},
    {'W', {5, 5, 7, 7, 5}}, {'X', {5, 5, 2, 5, 5}}, {'Y', {5, 5, 2, 2, 2}}, {'Z', {7, 1, 2, 4, 7}},
    {'.', {0, 0, 0, 0, 2}}, {'<', {1, 2, 4, 2, 1}}, {'>', {4, 2, 1, 2, 4}}, {'+', {0, 2, 7, 2, 0}},
    {'-', {0, 0, 7, 0, 0}}, {'=', {0, 7, 0, 7, 0}}, {'/', {1, 1, 2, 4, 4}}, {':', {0, 2, 0, 2, 0}},
    {'x', {0, 5, 2, 5, 0}}, {'(', {1, 2, 2, 2, 1}}, {')', {4, 2, 2, 2, 4}}, {',', {0, 0, 0, 2, 4}},
};

unsigned image_text_width(const char *text, unsigned s) { return (unsigned)strlen(text) * 4 * s + s; }

void image_text(image *im, unsigned x, unsigned y, unsigned s, const char *text, const uint8_t c[3])
{
    static const uint8_t BOX[3] = {16, 16, 16};
    image_fill(im, x, y, image_text_width(text, s), 7 * s, BOX);
    for (unsigned k = 0; text[k]; k++) {
        char ch = text[k] >= 'a' && text[k] <= 'z' && text[k] != 'x' ? (char)(text[k] - 32) : text[k];
        const uint8_t *g = NULL;
        for (unsigned f = 0; f < sizeof FONT / sizeof FONT[0]; f++)
            if (FONT[f].c == ch)
                g = FONT[f].row;
        if (!g)
            continue;
        for (unsigned r = 0; r < 5; r++)
            for (unsigned b = 0; b < 3; b++)
                if (g[r] >> (2 - b) & 1)
                    image_fill(im, x + s + (4 * k + b) * s, y + s + r * s, s, s, c);
    }
}

bool image_write_png(const image *im, const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "fiu-render: cannot write '%s': %s\n", path, strerror(errno));
        return false;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        fprintf(stderr, "fiu-render: libpng failed on '%s'\n", path);
        return false;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, im->w, im->h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (unsigned y = 0; y < im->h; y++)
        png_write_row(png, &im->rgb[(size_t)y * im->w * 3]);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(f) != 0) {
        fprintf(stderr, "fiu-render: write error on '%s'\n", path);
        return false;
    }
    return true;
}
