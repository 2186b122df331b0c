/**
 * Script/ServerSide (§7): the functions the server-side script engine offers, for the code editor's
 * completion and help. The catalogue ships with the service; it is the same for every account.
 */

/** A server-side script function. */
export interface ServerScriptFunction {
  Name: string;
  Category: "Text" | "Math" | "Date" | "Logic" | "Data" | "Conversion";
  Syntax: string;
  ReturnType: string;
  Description: string;
}

/** The catalogue, by category then name. */
export const SERVER_SCRIPT_FUNCTIONS: readonly ServerScriptFunction[] = [
  { Name: "Concat", Category: "Text", Syntax: "Concat(text1, text2, ...)", ReturnType: "string", Description: "Joins texts." },
  { Name: "Left", Category: "Text", Syntax: "Left(text, count)", ReturnType: "string", Description: "The first characters of a text." },
  { Name: "Lower", Category: "Text", Syntax: "Lower(text)", ReturnType: "string", Description: "A text in lower case." },
  { Name: "Replace", Category: "Text", Syntax: "Replace(text, search, replacement)", ReturnType: "string", Description: "Replaces every occurrence of a text." },
  { Name: "Trim", Category: "Text", Syntax: "Trim(text)", ReturnType: "string", Description: "Removes leading and trailing spaces." },
  { Name: "Upper", Category: "Text", Syntax: "Upper(text)", ReturnType: "string", Description: "A text in upper case." },
  { Name: "Abs", Category: "Math", Syntax: "Abs(number)", ReturnType: "number", Description: "The absolute value." },
  { Name: "Round", Category: "Math", Syntax: "Round(number, decimals)", ReturnType: "number", Description: "Rounds half away from zero." },
  { Name: "SafeDivide", Category: "Math", Syntax: "SafeDivide(dividend, divisor, fallback)", ReturnType: "number", Description: "Divides, or returns the fallback when the divisor is 0." },
  { Name: "AddDays", Category: "Date", Syntax: "AddDays(date, days)", ReturnType: "date", Description: "A date moved by a number of days." },
  { Name: "DateDiff", Category: "Date", Syntax: "DateDiff(unit, start, end)", ReturnType: "number", Description: "Whole units (day, week, month, year) between two dates." },
  { Name: "StartOfMonth", Category: "Date", Syntax: "StartOfMonth(date)", ReturnType: "date", Description: "The first day of the date's month." },
  { Name: "Today", Category: "Date", Syntax: "Today()", ReturnType: "date", Description: "The current date in the account's time zone." },
  { Name: "Coalesce", Category: "Logic", Syntax: "Coalesce(value1, value2, ...)", ReturnType: "any", Description: "The first value that is not null." },
  { Name: "If", Category: "Logic", Syntax: "If(condition, whenTrue, whenFalse)", ReturnType: "any", Description: "Chooses a value by a condition." },
  { Name: "Lookup", Category: "Data", Syntax: "Lookup(table, keyColumn, key, valueColumn)", ReturnType: "any", Description: "A value from another table by key." },
  { Name: "RowNumber", Category: "Data", Syntax: "RowNumber()", ReturnType: "integer", Description: "The 1-based number of the current row." },
  { Name: "ToDate", Category: "Conversion", Syntax: "ToDate(text, format)", ReturnType: "date", Description: "Parses a date with a format such as yyyy-MM-dd." },
  { Name: "ToNumber", Category: "Conversion", Syntax: "ToNumber(text)", ReturnType: "number", Description: "Parses a number; null when the text is not one." },
  { Name: "ToText", Category: "Conversion", Syntax: "ToText(value, format)", ReturnType: "string", Description: "Formats a value as text." },
];
