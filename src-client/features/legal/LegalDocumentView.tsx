import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { LegalDocument, LegalInline } from '@shared/legal/document';
import { AnchorLink } from '@client/components/links';
import classes from './inline-links.module.css';

function Inline({ parts }: { parts: LegalInline[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (typeof part === 'string') return part;
        const key = `${index}-${part.href}`;
        // Site paths go through the router (typed loosely: the texts name pages as strings).
        return part.href.startsWith('/') ? (
          <AnchorLink key={key} to={part.href as '/'} inherit>
            {part.label}
          </AnchorLink>
        ) : (
          <Anchor key={key} href={part.href} inherit rel="noopener noreferrer">
            {part.label}
          </Anchor>
        );
      })}
    </>
  );
}

/** A legal text as a page body: one section (h2 with an anchor id) per part, in reading order. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <Stack gap="xl" className={classes.text}>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <Title order={2} size="h3" id={`${section.id}-title`} mb="sm">
            {section.title}
          </Title>
          <Stack gap="sm">
            {section.blocks.map((block, index) => {
              const key = `${section.id}-${index}`;
              if (block.kind === 'paragraph') {
                return (
                  <Text key={key}>
                    <Inline parts={block.text} />
                  </Text>
                );
              }
              if (block.kind === 'list') {
                return (
                  <ul key={key}>
                    {block.items.map((item, itemIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered
                      <li key={itemIndex}>
                        <Inline parts={item} />
                      </li>
                    ))}
                  </ul>
                );
              }
              return (
                <Paper key={key} withBorder p="md" radius="md" bg="orange.0">
                  <Text fw={700} mb="xs">
                    {block.title}
                  </Text>
                  {block.paragraphs.map((paragraph, paragraphIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered
                    <Text key={paragraphIndex} mb="xs">
                      <Inline parts={paragraph} />
                    </Text>
                  ))}
                </Paper>
              );
            })}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

/** The table of contents above a long legal text: a link to each section's anchor. */
export function LegalTableOfContents({ document, label }: { document: LegalDocument; label: string }) {
  return (
    <nav aria-label={label}>
      <ol>
        {document.sections.map((section) => (
          <li key={section.id}>
            <Anchor href={`#${section.id}`}>{section.title}</Anchor>
          </li>
        ))}
      </ol>
    </nav>
  );
}
