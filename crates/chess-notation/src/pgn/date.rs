//! When a game was played, as its tags write it: the date of the `Date`, `UTCDate` and
//! `EventDate` tags (`2024.01.31`, `?` for what is not known) and the time of day of the `Time`
//! and `UTCTime` tags (`23:59:07`), with the calendar arithmetic that goes with them.

use core::fmt;
use core::str::FromStr;

/// A date as PGN's date tags write it, `year.month.day`: a day of the proleptic Gregorian
/// calendar, any part of which may be unknown (`????.??.??`, `2024.??.??`).
///
/// A whole date counts in days from 1970-01-01 and back, as Parquet's and Arrow's dates do.
/// Years before year 1 are read and written with a minus sign (year 0 is 1 BC), which PGN does
/// not have but the arithmetic needs.
///
/// ```
/// use chess_notation::pgn::Date;
///
/// let date: Date = "2000.02.29".parse()?;
/// assert_eq!((date.year(), date.month(), date.day()), (Some(2000), Some(2), Some(29)));
/// assert_eq!(date.days_since_epoch(), Some(11_016));
/// assert_eq!(Date::from_days_since_epoch(11_016), date);
/// assert_eq!(date.to_string(), "2000.02.29");
///
/// // Unknown parts are kept, and have no day count.
/// let year_only: Date = "2024.??.??".parse()?;
/// assert_eq!(year_only.year(), Some(2024));
/// assert_eq!(year_only.days_since_epoch(), None);
/// assert_eq!(year_only.to_string(), "2024.??.??");
/// assert_eq!("????.??.??".parse::<Date>()?, Date::UNKNOWN);
///
/// // A day that no calendar has is not a date.
/// assert!("2023.02.29".parse::<Date>().is_err());
/// # Ok::<_, chess_notation::pgn::ParseDateError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Date {
    year: Option<i32>,
    month: Option<u8>,
    day: Option<u8>,
}

impl Date {
    /// The date nothing is known of, `????.??.??`.
    pub const UNKNOWN: Date = Date {
        year: None,
        month: None,
        day: None,
    };

    /// A whole date, or `None` when the month is not 1 to 12 or the month has no such day.
    ///
    /// ```
    /// use chess_notation::pgn::Date;
    ///
    /// assert_eq!(Date::new(2024, 2, 29).map(|d| d.to_string()), Some("2024.02.29".to_owned()));
    /// assert_eq!(Date::new(1900, 2, 29), None);
    /// assert_eq!(Date::new(2024, 13, 1), None);
    /// ```
    #[must_use]
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        Date::of_parts(Some(year), Some(month), Some(day))
    }

    /// A date of known and unknown parts, checked as far as its parts are known (a day 29 of
    /// an unknown year's February is a date).
    fn of_parts(year: Option<i32>, month: Option<u8>, day: Option<u8>) -> Option<Date> {
        if month.is_some_and(|m| !(1..=12).contains(&m)) {
            return None;
        }
        // Without a year, February may have had 29 days; without a month, any month 31.
        let longest = match (year, month) {
            (Some(y), Some(m)) => days_in_month(y, m),
            (None, Some(m)) => days_in_month(2000, m),
            (_, None) => 31,
        };
        if day.is_some_and(|d| d == 0 || d > longest) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// The year, when known.
    #[must_use]
    pub const fn year(self) -> Option<i32> {
        self.year
    }

    /// The month, 1 to 12, when known.
    #[must_use]
    pub const fn month(self) -> Option<u8> {
        self.month
    }

    /// The day of the month, from 1, when known.
    #[must_use]
    pub const fn day(self) -> Option<u8> {
        self.day
    }

    /// The days from 1970-01-01 to this date (negative before it); `None` when a part is
    /// unknown or the count does not fit an `i32`.
    ///
    /// ```
    /// use chess_notation::pgn::Date;
    ///
    /// assert_eq!(Date::new(1970, 1, 1).and_then(Date::days_since_epoch), Some(0));
    /// assert_eq!(Date::new(1969, 12, 31).and_then(Date::days_since_epoch), Some(-1));
    /// assert_eq!(Date::new(2024, 2, 29).and_then(Date::days_since_epoch), Some(19_782));
    /// ```
    #[must_use]
    pub fn days_since_epoch(self) -> Option<i32> {
        // Howard Hinnant's days_from_civil: years start in March, so that the leap day ends
        // them; eras of 400 years repeat exactly.
        let (year, month, day) = (self.year?, self.month?, self.day?);
        let y = i64::from(year) - i64::from(month <= 2);
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let m = i64::from(month);
        let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        i32::try_from(era * 146_097 + day_of_era - 719_468).ok()
    }

    /// The date `days` days after 1970-01-01 (before it, for a negative count).
    ///
    /// ```
    /// use chess_notation::pgn::Date;
    ///
    /// assert_eq!(Date::from_days_since_epoch(0).to_string(), "1970.01.01");
    /// assert_eq!(Date::from_days_since_epoch(-719_528).to_string(), "0000.01.01");
    /// ```
    #[must_use]
    pub fn from_days_since_epoch(days: i32) -> Date {
        // Howard Hinnant's civil_from_days, the inverse of the above.
        let z = i64::from(days) + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        // An i32 of days spans about six million years each way: every part fits.
        Date {
            year: i32::try_from(year).ok(),
            month: u8::try_from(month).ok(),
            day: u8::try_from(day).ok(),
        }
    }

    /// Today's date in UTC, from the system clock (1970-01-01 if the clock is set before it).
    #[must_use]
    pub fn today() -> Date {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days_since_epoch(i32::try_from(seconds / 86_400).unwrap_or(i32::MAX))
    }
}

/// The days of a month of a year (February's 29 in a leap year).
fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Date {
    /// `2024.01.31`, with `?` for each digit of an unknown part (`2024.??.??`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.year {
            Some(year) => write!(f, "{year:04}.")?,
            None => f.write_str("????.")?,
        }
        for (i, part) in [self.month, self.day].into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            match part {
                Some(n) => write!(f, "{n:02}")?,
                None => f.write_str("??")?,
            }
        }
        Ok(())
    }
}

/// The error of reading a [`Date`]: not `year.month.day` of digits or `?`, or a day that no
/// calendar has.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ParseDateError;

impl fmt::Display for ParseDateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "invalid date: expected year.month.day like 2024.01.31, with ? for unknown parts",
        )
    }
}

impl std::error::Error for ParseDateError {}

impl FromStr for Date {
    type Err = ParseDateError;

    /// Reads `2024.01.31`, `2024.??.??` or `????.??.??` (any number of digits in a part; a
    /// part of question marks is unknown).
    fn from_str(s: &str) -> Result<Date, ParseDateError> {
        let mut parts = s.split('.');
        let (Some(year), Some(month), Some(day), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(ParseDateError);
        };
        let year = match year.strip_prefix('-') {
            Some(digits) => part::<i32>(digits)?.map(|y| -y),
            None => part::<i32>(year)?,
        };
        Date::of_parts(year, part(month)?, part(day)?).ok_or(ParseDateError)
    }
}

/// One part of a date: digits (`Some`), or question marks for an unknown part (`None`).
fn part<T: FromStr>(text: &str) -> Result<Option<T>, ParseDateError> {
    if !text.is_empty() && text.bytes().all(|b| b == b'?') {
        return Ok(None);
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseDateError);
    }
    text.parse().map(Some).map_err(|_| ParseDateError)
}

/// A time of day as PGN's `Time` and `UTCTime` tags write it, `hours:minutes:seconds`.
///
/// ```
/// use chess_notation::pgn::Time;
///
/// let time: Time = "23:59:07".parse()?;
/// assert_eq!(time.seconds_since_midnight(), 86_347);
/// assert_eq!(time.to_string(), "23:59:07");
/// assert!("24:00:00".parse::<Time>().is_err());
/// # Ok::<_, chess_notation::pgn::ParseTimeError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Time {
    seconds: u32,
}

impl Time {
    /// The time `hours:minutes:seconds`, or `None` past 23:59:59.
    #[must_use]
    pub fn new(hours: u32, minutes: u32, seconds: u32) -> Option<Time> {
        (hours < 24 && minutes < 60 && seconds < 60).then_some(Time {
            seconds: hours * 3600 + minutes * 60 + seconds,
        })
    }

    /// The seconds since midnight, 0 to 86 399.
    #[must_use]
    pub const fn seconds_since_midnight(self) -> u32 {
        self.seconds
    }

    /// The hours, 0 to 23.
    #[must_use]
    pub const fn hours(self) -> u32 {
        self.seconds / 3600
    }

    /// The minutes of the hour, 0 to 59.
    #[must_use]
    pub const fn minutes(self) -> u32 {
        self.seconds / 60 % 60
    }

    /// The seconds of the minute, 0 to 59.
    #[must_use]
    pub const fn seconds(self) -> u32 {
        self.seconds % 60
    }
}

impl fmt::Display for Time {
    /// `23:59:07`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:02}:{:02}:{:02}",
            self.hours(),
            self.minutes(),
            self.seconds()
        )
    }
}

/// The error of reading a [`Time`]: not `hours:minutes:seconds`, or past 23:59:59.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ParseTimeError;

impl fmt::Display for ParseTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid time: expected hours:minutes:seconds like 23:59:07")
    }
}

impl std::error::Error for ParseTimeError {}

impl FromStr for Time {
    type Err = ParseTimeError;

    fn from_str(s: &str) -> Result<Time, ParseTimeError> {
        let mut parts = s.split(':').map(|part| {
            let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| part.parse::<u32>().ok()).flatten()
        });
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(Some(h)), Some(Some(m)), Some(Some(s)), None) => {
                Time::new(h, m, s).ok_or(ParseTimeError)
            }
            _ => Err(ParseTimeError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn known_days() {
        for (text, days) in [
            ("1970.01.01", 0),
            ("1969.12.31", -1),
            ("1972.02.29", 789),
            ("2000.02.29", 11_016),
            ("2000.03.01", 11_017),
            ("2024.02.29", 19_782),
            ("2026.11.22", 20_779),
            ("1900.03.01", -25_508),
            ("1600.01.01", -135_140),
            ("0000.03.01", -719_468),
            ("-001.12.31", -719_529),
            ("-400.01.01", -865_625),
        ] {
            assert_eq!(date(text).days_since_epoch(), Some(days), "{text}");
            assert_eq!(Date::from_days_since_epoch(days), date(text), "{days}");
            assert_eq!(date(text).to_string(), text);
        }
    }

    #[test]
    fn days_to_date_to_days() {
        // Every day of 1 000 years around the epoch, then steps across the whole range.
        let mut previous = Date::from_days_since_epoch(-200_000);
        for days in -199_999..200_000 {
            let date = Date::from_days_since_epoch(days);
            assert_eq!(date.days_since_epoch(), Some(days), "{date}");
            assert_eq!(date.to_string().parse::<Date>(), Ok(date));
            // The next day: the day after, or the first of the next month or year.
            let next_day = previous.day.map(|d| d + 1);
            let expected = Date::of_parts(previous.year, previous.month, next_day)
                .or_else(|| Date::of_parts(previous.year, previous.month.map(|m| m + 1), Some(1)))
                .or_else(|| Date::of_parts(previous.year.map(|y| y + 1), Some(1), Some(1)));
            assert_eq!(Some(date), expected, "after {previous}");
            previous = date;
        }
        for days in (i32::MIN..=i32::MAX).step_by(999_983) {
            let date = Date::from_days_since_epoch(days);
            assert_eq!(date.days_since_epoch(), Some(days), "{date:?}");
        }
    }

    #[test]
    fn leap_years() {
        assert!(Date::new(2000, 2, 29).is_some());
        assert!(Date::new(2400, 2, 29).is_some());
        assert!(Date::new(1996, 2, 29).is_some());
        assert!(Date::new(1900, 2, 29).is_none());
        assert!(Date::new(2023, 2, 29).is_none());
        assert!(Date::new(2023, 4, 31).is_none());
        assert!(Date::new(2023, 12, 31).is_some());
        assert!(Date::new(2023, 1, 0).is_none());
        assert!(Date::new(2023, 0, 1).is_none());
        // Without a year, February 29 may have been.
        assert_eq!(date("????.02.29").day(), Some(29));
        assert!("????.02.30".parse::<Date>().is_err());
    }

    #[test]
    fn unknown_parts() {
        assert_eq!(date("????.??.??"), Date::UNKNOWN);
        assert_eq!(Date::UNKNOWN.to_string(), "????.??.??");
        let d = date("2024.??.??");
        assert_eq!((d.year(), d.month(), d.day()), (Some(2024), None, None));
        let d = date("2024.07.??");
        assert_eq!(d.to_string(), "2024.07.??");
        assert_eq!(d.days_since_epoch(), None);
        // Shorter parts are read, and written back in full.
        assert_eq!(date("2024.1.5").to_string(), "2024.01.05");
        for bad in [
            "",
            "2024",
            "2024.01",
            "2024.01.31.1",
            "2024.13.01",
            "2024.01.32",
            "2024..01",
            "2024.0?.01",
            "+2024.01.01",
            " 2024.01.01",
            "2024.01.01 ",
            "x.01.01",
            "2024.256.01",
        ] {
            assert_eq!(bad.parse::<Date>(), Err(ParseDateError), "{bad:?}");
        }
    }

    #[test]
    fn today_is_after_this_code_was_written() {
        let today = Date::today();
        assert!(today.days_since_epoch() > Date::new(2026, 1, 1).unwrap().days_since_epoch());
    }

    #[test]
    fn times() {
        let t: Time = "00:00:00".parse().unwrap();
        assert_eq!(t.seconds_since_midnight(), 0);
        let t: Time = "23:59:59".parse().unwrap();
        assert_eq!(t.seconds_since_midnight(), 86_399);
        assert_eq!((t.hours(), t.minutes(), t.seconds()), (23, 59, 59));
        assert_eq!("1:2:3".parse::<Time>().unwrap().to_string(), "01:02:03");
        for bad in [
            "24:00:00",
            "12:60:00",
            "12:00:60",
            "12:00",
            "12:00:00:00",
            "",
            "a:b:c",
            "-1:00:00",
        ] {
            assert_eq!(bad.parse::<Time>(), Err(ParseTimeError), "{bad:?}");
        }
    }
}
