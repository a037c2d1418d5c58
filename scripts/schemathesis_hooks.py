"""Loaded by schemathesis (see schemathesis.toml): the document says every file part of
our forms is a JPEG, PNG or WebP image, and the server decodes it, so a file it calls
valid must be a real image. These are schemathesis's own smallest files of each kind."""
import schemathesis
from hypothesis import strategies as st
from schemathesis.core.file_samples import MEDIA_TYPE_FILE_SAMPLES

for media_type in ("image/jpeg", "image/png", "image/webp"):
    schemathesis.openapi.media_type(media_type, st.just(MEDIA_TYPE_FILE_SAMPLES[media_type]))
