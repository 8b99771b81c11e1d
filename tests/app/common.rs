//! Picture checks shared by the window tests.

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

/// A 1280x800 screenshot a script took, read back (the test fails if it is missing or
/// another size).
pub fn picture(shots: &std::path::Path, name: &str) -> image::RgbaImage {
    let path = shots.join(format!("{name}.png"));
    let img = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8();
    assert_eq!((img.width(), img.height()), (1280, 800), "{name}");
    img
}

/// The data folder (`DRUMFIRE_DATA`) of the programs the tests start when they have no
/// folder of their own: inside the build folder, never the player's.
pub fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-data")
}
