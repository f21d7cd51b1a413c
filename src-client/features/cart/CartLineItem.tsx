import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CartLine } from '@shared/cart';
import { formatCents } from '@shared/money';
import { ProductImage } from '@client/features/shop/ProductImage';

type CartLineItemProps = {
  line: CartLine;
  /** What stands under the name: its options, and in the cart sheet the quantity buttons. */
  children: ReactNode;
  /** The checkout's summary: a smaller picture, the lines closer together. */
  compact?: boolean;
  /** Marks the line for the tests (`cart-line`); its total gets the same name with `-total`. */
  testId: string;
};

/** One line of the cart as a list item: picture, name, what the caller adds, and the line's total. */
export function CartLineItem({ line, children, compact = false, testId }: CartLineItemProps) {
  return (
    <Group component="li" wrap="nowrap" align="flex-start" data-testid={testId}>
      <Box w={compact ? 48 : 64} style={{ flexShrink: 0 }}>
        <ProductImage src={line.image} alt="" radius="var(--mantine-radius-sm)" />
      </Box>
      <Stack gap={compact ? 2 : 4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600}>{line.name}</Text>
        {children}
      </Stack>
      <Text fw={600} style={{ whiteSpace: 'nowrap' }} data-testid={`${testId}-total`}>
        {formatCents(line.priceCents * line.quantity)}
      </Text>
    </Group>
  );
}
