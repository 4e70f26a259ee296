// Mantine's SegmentedControl draws its highlight with a FloatingIndicator, whose CSS is a file of
// its own: without it the highlight sits off the chosen option. Every switch imports this instead
// of the two files, so neither is forgotten.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
