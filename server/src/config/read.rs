//! The readers every group shares: a variable as true/false, whole seconds, a duration, a
//! whole percent, megabytes or an http(s) URL, each refusing a bad value in one line naming it.

use std::time::Duration;

use anyhow::bail;

pub(super) fn flag(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: bool,
) -> anyhow::Result<bool> {
    match get(name).as_deref().map(str::trim) {
        None => Ok(default),
        Some("0") | Some("false") => Ok(false),
        Some("1") | Some("true") => Ok(true),
        Some(other) => bail!("{name} {other:?} must be true or false"),
    }
}

pub(super) fn percent(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: i64,
) -> anyhow::Result<i64> {
    match get(name) {
        None => Ok(default),
        Some(text) => match text.trim().parse::<i64>() {
            Ok(percent @ 0..=100) => Ok(percent),
            _ => bail!("{name} {text:?} must be a whole number of percent from 0 to 100"),
        },
    }
}

pub(super) fn megabytes(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: usize,
) -> anyhow::Result<usize> {
    match get(name) {
        None => Ok(default),
        Some(text) => match text.trim().parse::<usize>() {
            Ok(megabytes @ 1..=65_536) => Ok(megabytes),
            _ => bail!("{name} {text:?} must be a whole number of megabytes from 1 to 65536"),
        },
    }
}

pub(super) fn seconds(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: u64,
) -> anyhow::Result<Duration> {
    match get(name) {
        None => Ok(Duration::from_secs(default)),
        Some(text) => match text.trim().parse::<u64>() {
            Ok(secs @ 1..=3600) => Ok(Duration::from_secs(secs)),
            _ => bail!("{name} {text:?} must be a whole number of seconds from 1 to 3600"),
        },
    }
}

pub(super) fn duration(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: &str,
) -> anyhow::Result<Duration> {
    let text = get(name).unwrap_or_else(|| default.into());
    parse_duration(&text).ok_or_else(|| {
        anyhow::anyhow!("{name} {text:?} is not a duration (a whole number and a unit, e.g. 90s, 15m, 48h, 2d; or 500ms)")
    })
}

/// `90s`, `15m`, `48h`, `2d` (and `500ms`, for tests): a positive whole number and a unit.
fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let (number, unit) = text.split_at(split);
    if number.is_empty() || number.len() > 9 {
        return None;
    }
    let number: u64 = number.parse().ok().filter(|n| *n > 0)?;
    let millis = match unit {
        "ms" => 1,
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return None,
    };
    Some(Duration::from_millis(number * millis))
}

/// An `http://` or `https://` URL without its trailing slash.
pub(super) fn http_url(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: &str,
) -> anyhow::Result<String> {
    let url = get(name).unwrap_or_else(|| default.into()).trim().trim_end_matches('/').to_owned();
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        bail!("{name} {url:?} must start with http:// or https://");
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_a_whole_number_and_a_unit() {
        assert_eq!(parse_duration("90s"), Some(Duration::from_secs(90)));
        assert_eq!(parse_duration("15m"), Some(Duration::from_secs(15 * 60)));
        assert_eq!(parse_duration(" 48h "), Some(Duration::from_secs(48 * 3600)));
        assert_eq!(parse_duration("2d"), Some(Duration::from_secs(2 * 86_400)));
        assert_eq!(parse_duration("250ms"), Some(Duration::from_millis(250)));
        for bad in ["", "48", "h", "0s", "-5m", "1.5h", "10 m", "3w", "48hours", "9999999999d"] {
            assert_eq!(parse_duration(bad), None, "{bad:?}");
        }
    }
}
