// The styles of Mantine's form fields, loaded with the first form a page shows (every form uses
// useSchemaForm, which imports this file) rather than with every page.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
