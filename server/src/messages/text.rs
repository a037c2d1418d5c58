//! What a message may say.

use crate::error::AppError;

/// Characters a message may hold, counted after trimming (Unicode scalar values, so an
/// emoji is one, as the client's counter counts them).
pub const TEXT_MAX: usize = 2000;

/// Checks a message's text and returns it as written (not trimmed: the writer's line
/// breaks and indentation are theirs).
pub fn parse(text: &str) -> Result<String, AppError> {
    let length = text.trim().chars().count();
    if length == 0 {
        return Err(AppError::validation("Write a message before sending"));
    }
    if length > TEXT_MAX {
        return Err(AppError::validation(format!(
            "A message can be at most 2,000 characters (this one has {length})"
        )));
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_blank_messages_are_refused() {
        assert!(parse("").is_err());
        assert!(parse(" \n\t ").is_err());
    }

    #[test]
    fn a_message_is_kept_as_written_and_bounded_after_trimming() {
        assert_eq!(parse("  hi\n").unwrap(), "  hi\n");
        assert!(parse(&"a".repeat(TEXT_MAX)).is_ok());
        assert!(parse(&format!("  {}  ", "a".repeat(TEXT_MAX))).is_ok());
        assert!(parse(&"a".repeat(TEXT_MAX + 1)).is_err());
        assert!(parse(&"🏔".repeat(TEXT_MAX)).is_ok());
        assert!(parse(&"🏔".repeat(TEXT_MAX + 1)).is_err());
    }
}
