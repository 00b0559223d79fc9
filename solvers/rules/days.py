"""Dates without a datetime module (MicroPython has none): "YYYY-MM-DD" days as day numbers and back, months.

Read by character, not by slices: a slice of a str is garbage on the page, whose MicroPython collects it only
between calls from JavaScript (see records.py).
"""


def day_number(day: str) -> int | None:
    """Days since 1970-01-01 of "YYYY-MM-DD" (the proleptic Gregorian calendar), or None when it is not a date."""
    if not isinstance(day, str) or len(day) != 10 or day[4] != "-" or day[7] != "-":
        return None
    digits = 0
    for k in (0, 1, 2, 3, 5, 6, 8, 9):  # (read by character: a slice of a str is garbage on the page)
        digit = ord(day[k]) - 48
        if not 0 <= digit <= 9:
            return None
        digits = digits * 10 + digit
    y, m, d = digits // 10000, digits // 100 % 100, digits % 100
    if not (1 <= m <= 12 and 1 <= d <= 31):
        return None
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def day_text(number: int) -> str:
    """"YYYY-MM-DD" of a day number (the inverse of `day_number`)."""
    z = number + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (m <= 2)
    return ("000" + str(y))[-4:] + "-" + ("0" + str(m))[-2:] + "-" + ("0" + str(d))[-2:]


def month_text(month: int) -> str:
    """"2026-11" of 202611."""
    return str(month // 100) + "-" + ("0" + str(month % 100))[-2:]
