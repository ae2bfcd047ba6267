import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { BRAND_NAME } from '@/lib/theme-tokens';

export { BRAND_NAME };

/** The product mark and name; `inverted` for dark backgrounds. */
export function Brand({ size = 'md', inverted = false }: { size?: 'sm' | 'md'; inverted?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={size === 'sm' ? 28 : 34} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden>
        <IconBuildingBank size={size === 'sm' ? 16 : 20} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} size={size === 'sm' ? 'sm' : 'md'} lh={1.2} c={inverted ? 'white' : undefined}>
        {BRAND_NAME}
      </Text>
    </Group>
  );
}
