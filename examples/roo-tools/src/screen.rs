//! Screenshots of the in-memory pages: the browser draws what it shows — an address bar, then a
//! bar per element (its text's length, links blue, filled inputs green), moved by the scroll — and
//! encodes it as a PNG, as a real browser's screenshot would come.

use std::collections::BTreeMap;

/// The screenshot's size, in pixels.
pub const WIDTH: u32 = 320;
pub const HEIGHT: u32 = 200;

const ROW: i64 = 16;

/// An RGB canvas.
struct Canvas {
    pixels: Vec<u8>,
}

impl Canvas {
    fn new() -> Self {
        Canvas { pixels: vec![255; (WIDTH * HEIGHT * 3) as usize] }
    }

    /// Fills the rectangle at (`x`, `y`) of `width` × `height`, clipped to the canvas.
    fn fill(&mut self, x: i64, y: i64, width: i64, height: i64, rgb: [u8; 3]) {
        let (x0, x1) = (x.max(0), (x + width).min(i64::from(WIDTH)));
        let (y0, y1) = (y.max(0), (y + height).min(i64::from(HEIGHT)));
        for row in y0..y1 {
            for column in x0..x1 {
                let at = ((row * i64::from(WIDTH) + column) * 3) as usize;
                self.pixels[at..at + 3].copy_from_slice(&rgb);
            }
        }
    }

    fn png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, WIDTH, HEIGHT);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("a PNG header is written to memory");
        writer.write_image_data(&self.pixels).expect("the pixels fit the header");
        writer.finish().expect("a PNG is finished in memory");
        out
    }
}

/// The PNG of the page at `url` — its `elements` by selector, the `links` among them — scrolled down
/// `scroll` pixels, with `typed` text in its inputs.
pub fn screenshot(
    url: &str,
    elements: &BTreeMap<String, String>,
    links: &BTreeMap<String, String>,
    typed: &BTreeMap<String, String>,
    scroll: i64,
) -> Vec<u8> {
    let mut canvas = Canvas::new();
    // The address bar: a shade drawn from the address, so two pages look apart.
    let shade = url.bytes().fold(0u8, |sum, byte| sum.wrapping_mul(31).wrapping_add(byte));
    canvas.fill(0, 0, i64::from(WIDTH), 20, [200, 200, shade / 2 + 100]);
    canvas.fill(6, 6, (url.len() as i64 * 4).min(i64::from(WIDTH) - 12), 8, [90, 90, 90]);
    let mut y = 28 - scroll / 10;
    for (selector, text) in elements {
        let (content, rgb) = match typed.get(selector) {
            Some(value) => (value.as_str(), [40, 160, 70]),
            None if links.contains_key(selector) => (text.as_str(), [40, 90, 220]),
            None => (text.as_str(), [60, 60, 60]),
        };
        // An input with nothing in it is an empty box.
        if content.is_empty() {
            canvas.fill(8, y, 120, ROW - 4, [170, 170, 170]);
            canvas.fill(9, y + 1, 118, ROW - 6, [255, 255, 255]);
        } else {
            canvas.fill(8, y, (content.chars().count() as i64 * 6).min(i64::from(WIDTH) - 16), ROW - 6, rgb);
        }
        y += ROW;
    }
    canvas.png()
}
