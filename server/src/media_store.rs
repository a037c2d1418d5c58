//! The media store: one interface (`object_store`) over a local folder or an S3 bucket.

use std::sync::Arc;

use anyhow::Context;
use bytes::Bytes;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use crate::config::MediaConfig;

#[derive(Clone, Debug)]
pub struct MediaStore {
    objects: Arc<dyn ObjectStore>,
}

impl MediaStore {
    /// The S3 bucket when one is configured, else the media folder.
    pub fn from_config(config: &MediaConfig) -> anyhow::Result<Self> {
        let objects: Arc<dyn ObjectStore> = match &config.s3 {
            Some(s3) => {
                let mut builder = AmazonS3Builder::new()
                    .with_bucket_name(&s3.bucket)
                    .with_region(&s3.region)
                    .with_allow_http(s3.allow_http);
                if let Some(endpoint) = &s3.endpoint {
                    builder = builder.with_endpoint(endpoint);
                }
                if let Some((key_id, secret)) = &s3.credentials {
                    let secret = String::from_utf8_lossy(&secret.0).into_owned();
                    builder = builder.with_access_key_id(key_id).with_secret_access_key(secret);
                }
                Arc::new(builder.build().context("YATRA_S3_* settings are not usable")?)
            }
            None => Arc::new(
                // Removing a file also removes directories it leaves empty.
                LocalFileSystem::new_with_prefix(&config.dir)
                    .with_context(|| {
                        format!("YATRA_MEDIA_DIR {} cannot be used", config.dir.display())
                    })?
                    .with_automatic_cleanup(true),
            ),
        };
        Ok(Self { objects })
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        self.objects
            .put(&Path::from(key), PutPayload::from(bytes))
            .await
            .with_context(|| format!("cannot store media object {key}"))?;
        Ok(())
    }

    /// The object's bytes, or `None` when there is no such object.
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<Bytes>> {
        let found = match self.objects.get(&Path::from(key)).await {
            Ok(found) => found,
            Err(object_store::Error::NotFound { .. }) => return Ok(None),
            Err(e) => {
                return Err(
                    anyhow::Error::new(e).context(format!("cannot read media object {key}"))
                );
            }
        };
        Ok(Some(found.bytes().await.with_context(|| format!("cannot read media object {key}"))?))
    }

    /// Removes the object; one already gone is not an error.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.objects.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => {
                Err(anyhow::Error::new(e).context(format!("cannot delete media object {key}")))
            }
        }
    }
}
