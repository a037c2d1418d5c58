//! The multipart upload forms, described for OpenAPI. Handlers read the multipart stream
//! itself (with size caps); these types only document the field names.

use utoipa::ToSchema;

/// A profile photo: JPEG, PNG or WebP, at most 8 MB and 40 megapixels.
#[derive(ToSchema)]
pub struct ProfileImageUpload {
    #[schema(rename = "profileImage", value_type = String, format = Binary)]
    pub profile_image: Vec<u8>,
}

/// A traveller's photo under either field name (the form says `profileImage`, the
/// profile page `profilePicture`); send one of them.
#[derive(ToSchema)]
pub struct TouristProfileImageUpload {
    #[schema(rename = "profileImage", value_type = Option<String>, format = Binary)]
    pub profile_image: Option<Vec<u8>>,
    #[schema(rename = "profilePicture", value_type = Option<String>, format = Binary)]
    pub profile_picture: Option<Vec<u8>>,
}

/// A cover image: JPEG, PNG or WebP, at most 8 MB and 40 megapixels.
#[derive(ToSchema)]
pub struct CoverImageUpload {
    #[schema(rename = "coverImage", value_type = String, format = Binary)]
    pub cover_image: Vec<u8>,
}

/// A photo of the traveller's ID card; private (owner and admins only).
#[derive(ToSchema)]
pub struct IdCardUpload {
    #[schema(rename = "idCardImage", value_type = String, format = Binary)]
    pub id_card_image: Vec<u8>,
}

/// Certificates for verification: the list as JSON text and one file per entry, in the
/// same order. Files are private (owner and admins only).
#[derive(ToSchema)]
pub struct CertificatesUpload {
    /// JSON text: `[{"name", "issuingOrganization", "issueDate": "YYYY-MM-DD"}]`, 1 to 10 entries.
    #[schema(
        example = r#"[{"name":"Trekking Guide Licence","issuingOrganization":"Nepal Tourism Board","issueDate":"2021-04-15"}]"#
    )]
    pub certificates: String,
    /// One file per entry (repeat the field).
    #[schema(rename = "certificateImage", value_type = Vec<String>, format = Binary)]
    pub certificate_image: Vec<Vec<u8>>,
    /// `add` keeps the earlier certificates and adds these (at most 10 in all; issue 26);
    /// left out or `replace`: these replace the earlier ones.
    #[schema(pattern = "^(add|replace)$", example = "add")]
    pub mode: Option<String>,
}

/// A photo of a tour: JPEG, PNG or WebP, at most 8 MB and 40 megapixels.
#[derive(ToSchema)]
pub struct TourPhotoUpload {
    #[schema(value_type = String, format = Binary)]
    pub photo: Vec<u8>,
}

/// A photo for a review: JPEG, PNG or WebP, at most 8 MB and 40 megapixels.
#[derive(ToSchema)]
pub struct ReviewPhotoUpload {
    #[schema(value_type = String, format = Binary)]
    pub photo: Vec<u8>,
}
