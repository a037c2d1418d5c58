//! Image checks and re-encoding. The type comes from the bytes, never the file name or
//! header. Decoding and encoding again drops every metadata block (EXIF with camera
//! GPS, XMP, comments); the EXIF orientation is applied first so photos stay upright.
//! Public pictures also get WebP copies at a few widths for `<img srcset>`.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};

use crate::error::AppError;

/// Largest file accepted, per image.
pub const MAX_IMAGE_BYTES: usize = 8 * 1024 * 1024;
/// Largest picture accepted, in pixels (a decompression bomb stops here).
pub const MAX_PIXELS: u64 = 40_000_000;
/// Longest side of the smaller copy made for cards and avatars.
pub const THUMB_SIZE: u32 = 480;
const MAX_SIDE: u32 = 20_000;
/// Enough for 40 MP at 16 bits per RGBA channel; more means something is wrong.
const MAX_ALLOC: u64 = MAX_PIXELS * 8;
const JPEG_QUALITY: u8 = 85;
/// Widths of the WebP copies: a phone's card, a tablet or a 2x card, a desktop hero.
pub const WEBP_WIDTHS: [u32; 3] = [320, 640, 1280];
/// Lossy WebP at this quality is about a third of the JPEG at 85 for the same picture.
const WEBP_QUALITY: f32 = 75.0;

/// What is stored: the re-encoded image and its thumbnail, in one format, and for public
/// pictures the WebP copies by width.
pub struct Processed {
    pub format: OutputFormat,
    pub image: Vec<u8>,
    pub thumb: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub webp: Vec<(u32, Vec<u8>)>,
}

/// Whether a picture gets WebP copies: only public ones are ever shown in a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variants {
    WebP,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    Jpeg,
    Png,
}

impl OutputFormat {
    pub fn extension(self) -> &'static str {
        match self {
            OutputFormat::Jpeg => "jpg",
            OutputFormat::Png => "png",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            OutputFormat::Jpeg => "image/jpeg",
            OutputFormat::Png => "image/png",
        }
    }

    pub fn from_extension(extension: &str) -> Option<Self> {
        match extension {
            "jpg" => Some(OutputFormat::Jpeg),
            "png" => Some(OutputFormat::Png),
            _ => None,
        }
    }
}

pub fn not_an_image() -> AppError {
    AppError::UnsupportedMediaType("Only JPEG, PNG or WebP images are allowed".into())
}

pub fn too_many_bytes() -> AppError {
    AppError::PayloadTooLarge("Images must be 8 MB or smaller".into())
}

fn too_many_pixels() -> AppError {
    AppError::validation("This image is too large (maximum 40 megapixels)")
}

fn unreadable() -> AppError {
    AppError::validation("This image could not be read")
}

/// Re-encoding costs real CPU: at most one image per core at a time, off the runtime. The
/// permit is held by the blocking task itself, so a dropped request cannot free it while
/// the image is still being decoded.
static PROCESSING: std::sync::LazyLock<std::sync::Arc<tokio::sync::Semaphore>> =
    std::sync::LazyLock::new(|| {
        std::sync::Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
        ))
    });

pub async fn process(bytes: Vec<u8>, variants: Variants) -> Result<Processed, AppError> {
    let permit = PROCESSING.clone().acquire_owned().await.map_err(anyhow::Error::from)?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        process_now(&bytes, variants)
    })
    .await
    .map_err(anyhow::Error::from)?
}

/// The blocking work behind `process`.
pub fn process_now(bytes: &[u8], variants: Variants) -> Result<Processed, AppError> {
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(too_many_bytes());
    }
    let input = match image::guess_format(bytes) {
        Ok(format @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) => format,
        _ => return Err(not_an_image()),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), input);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(decode_error)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(too_many_pixels());
    }
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
    picture.apply_orientation(orientation);

    // Photos stay JPEG; PNG stays PNG (logos, screenshots); WebP becomes PNG only when
    // it has transparency to keep.
    let format = match input {
        ImageFormat::Png => OutputFormat::Png,
        ImageFormat::WebP if picture.color().has_alpha() => OutputFormat::Png,
        _ => OutputFormat::Jpeg,
    };
    encode_with_thumbnail(&picture, format, variants)
}

/// The picture and its thumbnail, encoded in `format`, and its WebP copies when asked
/// (blocking work).
pub fn encode_with_thumbnail(
    picture: &DynamicImage,
    format: OutputFormat,
    variants: Variants,
) -> Result<Processed, AppError> {
    let thumb = if picture.width() > THUMB_SIZE || picture.height() > THUMB_SIZE {
        picture.thumbnail(THUMB_SIZE, THUMB_SIZE)
    } else {
        picture.clone()
    };
    Ok(Processed {
        format,
        width: picture.width(),
        height: picture.height(),
        image: encode(picture, format)?,
        thumb: encode(&thumb, format)?,
        webp: match variants {
            Variants::WebP => webp_copies(picture)?,
            Variants::None => Vec::new(),
        },
    })
}

/// The widths a picture `width` pixels wide gets copies at: each of `WEBP_WIDTHS` it is
/// wider than, and its own width when narrower than the largest (never enlarged).
pub fn webp_widths(width: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = WEBP_WIDTHS.into_iter().filter(|&w| w < width).collect();
    if widths.len() < WEBP_WIDTHS.len() && width > 0 {
        widths.push(width.min(WEBP_WIDTHS[WEBP_WIDTHS.len() - 1]));
    }
    widths
}

/// The WebP copies of `picture`, smallest first (blocking work).
pub fn webp_copies(picture: &DynamicImage) -> Result<Vec<(u32, Vec<u8>)>, AppError> {
    webp_widths(picture.width())
        .into_iter()
        .map(|width| {
            let height = ((u64::from(picture.height()) * u64::from(width)
                + u64::from(picture.width()) / 2)
                / u64::from(picture.width()))
            .max(1) as u32;
            let resized = if width == picture.width() {
                picture.clone()
            } else {
                picture.resize_exact(width, height, FilterType::CatmullRom)
            };
            Ok((width, encode_webp(&resized)?))
        })
        .collect()
}

fn encode_webp(picture: &DynamicImage) -> Result<Vec<u8>, AppError> {
    let (width, height) = (picture.width(), picture.height());
    let encoded = if picture.color().has_alpha() {
        webp::Encoder::from_rgba(picture.to_rgba8().as_raw(), width, height)
            .encode_simple(false, WEBP_QUALITY)
    } else {
        webp::Encoder::from_rgb(picture.to_rgb8().as_raw(), width, height)
            .encode_simple(false, WEBP_QUALITY)
    };
    Ok(encoded.map_err(|e| anyhow::anyhow!("WebP encoding failed: {e:?}"))?.to_vec())
}

fn decode_error(error: ImageError) -> AppError {
    match error {
        ImageError::Limits(_) => too_many_pixels(),
        _ => unreadable(),
    }
}

pub fn encode(picture: &DynamicImage, format: OutputFormat) -> Result<Vec<u8>, AppError> {
    let mut out = Vec::new();
    match format {
        OutputFormat::Jpeg => JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
            .encode_image(&DynamicImage::ImageRgb8(picture.to_rgb8()))
            .map_err(|e| anyhow::anyhow!("JPEG encoding failed: {e}"))?,
        OutputFormat::Png => picture
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .map_err(|e| anyhow::anyhow!("PNG encoding failed: {e}"))?,
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        encode(&DynamicImage::new_rgba8(width, height), OutputFormat::Png).unwrap()
    }

    #[test]
    fn a_large_image_gets_a_thumbnail_within_the_thumb_size() {
        let processed = process_now(&png(1200, 600), Variants::WebP).unwrap();
        let thumb = image::load_from_memory(&processed.thumb).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (480, 240));
        assert_eq!((processed.width, processed.height), (1200, 600));
        assert_eq!(processed.format, OutputFormat::Png);
        let widths: Vec<u32> = processed.webp.iter().map(|(w, _)| *w).collect();
        assert_eq!(widths, [320, 640, 1200]);
        let largest = image::load_from_memory(&processed.webp[2].1).unwrap();
        assert_eq!((largest.width(), largest.height()), (1200, 600));
    }

    #[test]
    fn webp_copies_are_never_enlarged() {
        assert_eq!(webp_widths(200), [200]);
        assert_eq!(webp_widths(320), [320]);
        assert_eq!(webp_widths(500), [320, 500]);
        assert_eq!(webp_widths(1280), [320, 640, 1280]);
        assert_eq!(webp_widths(4000), [320, 640, 1280]);
    }

    #[test]
    fn private_pictures_get_no_webp_copies() {
        assert!(process_now(&png(800, 600), Variants::None).unwrap().webp.is_empty());
    }

    #[test]
    fn text_is_not_an_image() {
        let error = process_now(b"hello, this is not a picture", Variants::WebP).err().unwrap();
        assert!(matches!(error, AppError::UnsupportedMediaType(_)));
    }

    #[test]
    fn a_truncated_image_is_unreadable() {
        let bytes = png(50, 50);
        let error = process_now(&bytes[..bytes.len() / 2], Variants::None).err().unwrap();
        assert_eq!(error.to_string(), "This image could not be read");
    }

    #[test]
    fn a_picture_claiming_too_many_pixels_is_refused_before_decoding() {
        // A valid PNG header claiming 10000 x 5000 pixels, with no pixel data at all.
        let mut bytes = png(1, 1);
        bytes[16..20].copy_from_slice(&10_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&5_000u32.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let error = process_now(&bytes, Variants::None).err().unwrap();
        assert_eq!(error.to_string(), "This image is too large (maximum 40 megapixels)");
    }

    /// PNG chunk checksum (CRC-32, IEEE), so the forged header is otherwise valid.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
}
