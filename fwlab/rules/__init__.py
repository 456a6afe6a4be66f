"""The embedded rules core. Imports no database, dataframe or UI code."""
