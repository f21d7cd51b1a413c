import { Text } from '@mantine/core';

type Line = { quantity: number; name: string; color: string | null; size: string | null };

/** "2 × SchoolBox Tee (Black, M)", colour and size in grey: an order's line, for the buyer and the admins alike. */
export function OrderLineLabel({ line, detailSize }: { line: Line; detailSize: 'xs' | 'sm' }) {
  return (
    <>
      {line.quantity} × {line.name}
      {(line.color || line.size) && (
        <Text span size={detailSize} c="gray.7">
          {' '}
          ({[line.color, line.size].filter(Boolean).join(', ')})
        </Text>
      )}
    </>
  );
}
