//! A blog post as the form sends it, parsed into clean values.

use crate::error::AppError;
use crate::media::upload::ImageForm;
use crate::profile::{optional_text, required_text};

pub const TITLE_MAX: usize = 150;
pub const BODY_MAX: usize = 20_000;

/// A valid post: a title and a body, both required and bounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlogInput {
    pub title: String,
    pub body: String,
    /// The author asked for the image to be removed (edit form).
    pub remove_image: bool,
    /// The Nepali title and body, when the form sent its Nepali fields (`None` inside when
    /// left empty); `None` when it did not send them, as the spec's client does not.
    pub nepali: Option<NepaliPost>,
}

/// A post's optional Nepali title and body.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NepaliPost {
    pub title: Option<String>,
    pub body: Option<String>,
}

impl BlogInput {
    pub fn parse(form: &ImageForm) -> Result<Self, AppError> {
        Ok(Self {
            title: required_text(form.text("title"), "Title", TITLE_MAX, false)?,
            // The form labels the body "Content"; the API calls it `description`.
            body: required_text(form.text("description"), "Content", BODY_MAX, true)?,
            remove_image: matches!(
                form.text("removeImage").map(str::trim),
                Some("true") | Some("1")
            ),
            nepali: match (form.text("titleNe"), form.text("descriptionNe")) {
                (None, None) => None,
                (title, body) => Some(NepaliPost {
                    title: optional_text(title, "Nepali title", TITLE_MAX, false)?,
                    body: optional_text(body, "Nepali content", BODY_MAX, true)?,
                }),
            },
        })
    }
}
