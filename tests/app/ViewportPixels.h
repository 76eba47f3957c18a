#pragma once
// Counting what a viewport drew (shared by the viewport tests of tests/app): pixels of a grab
// that are clearly not the background the canvas clears to.
#include <QColor>
#include <QImage>
#include <cstdlib>

namespace viewportpixels {

// glClearColor(0.16, 0.17, 0.19) as 8-bit.
inline const QColor background(41, 43, 48);

inline int foregroundPixels(const QImage &image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - background.red()) + std::abs(c.green() - background.green())
                    + std::abs(c.blue() - background.blue())
                > 30)
                ++count;
        }
    }
    return count;
}

} // namespace viewportpixels
