//! Page numbers and sizes of the public lists, checked the same way everywhere.

use crate::error::AppError;

/// Pages past this are refused (a bigger offset is a scan, not a page anyone reads).
pub const PAGE_MAX: i64 = 100_000;
pub const LIMIT_MAX: i64 = 50;

/// A page number from 1 (default 1) and a page size from 1 to 50 (default `default_limit`).
pub fn page_and_limit(
    page: Option<i64>,
    limit: Option<i64>,
    default_limit: i64,
) -> Result<(i64, i64), AppError> {
    let page = page.unwrap_or(1);
    if !(1..=PAGE_MAX).contains(&page) {
        return Err(AppError::validation(format!(
            "page must be a whole number from 1 to {PAGE_MAX}"
        )));
    }
    let limit = limit.unwrap_or(default_limit);
    if !(1..=LIMIT_MAX).contains(&limit) {
        return Err(AppError::validation(format!(
            "limit must be a whole number from 1 to {LIMIT_MAX}"
        )));
    }
    Ok((page, limit))
}

/// How many pages of `limit` hold `total` items.
pub fn total_pages(total: i64, limit: i64) -> i64 {
    (total + limit - 1) / limit
}

/// A cursor's error: the client should start from the first page again.
pub fn invalid_cursor() -> AppError {
    AppError::validation("The cursor is not valid: start again from the first page")
}
