//! A blog post as the form sends it, parsed into clean values.

use crate::error::AppError;
use crate::media::upload::ImageForm;
use crate::profile::required_text;

pub const TITLE_MAX: usize = 150;
pub const BODY_MAX: usize = 20_000;

/// A valid post: a title and a body, both required and bounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlogInput {
    pub title: String,
    pub body: String,
    /// The author asked for the image to be removed (edit form).
    pub remove_image: bool,
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
        })
    }
}
