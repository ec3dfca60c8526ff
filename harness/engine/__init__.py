"""The engine: case model, references, running implementations, comparison, shrinking, reports."""
