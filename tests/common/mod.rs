//! Picture checks shared by the window tests (each test uses some of them).
#![allow(dead_code)]

/// Counts pixels within `tolerance` of `rgb`.
pub fn count_near(img: &image::RgbaImage, rgb: [u8; 3], tolerance: i32) -> usize {
    img.pixels()
        .filter(|p| (0..3).all(|i| (i32::from(p[i]) - i32::from(rgb[i])).abs() <= tolerance))
        .count()
}

/// Distinct colours (at 5 bits a channel): a blank or failed picture has few.
pub fn colours(img: &image::RgbaImage) -> usize {
    let mut c: Vec<u32> = img
        .pixels()
        .map(|p| u32::from_le_bytes([p[0] >> 3, p[1] >> 3, p[2] >> 3, 0]))
        .collect();
    c.sort_unstable();
    c.dedup();
    c.len()
}
