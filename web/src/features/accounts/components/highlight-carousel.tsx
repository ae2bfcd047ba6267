import { ActionIcon, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useMandateRequirement } from '@/lib/mandate-requirement';
import classes from './highlight-carousel.module.css';
import { HIGHLIGHT_SLIDES, mandateSlide, SLIDE_INTERVAL_MS } from './highlight-slides';

/**
 * The sign-in highlights: four slides (five while mandates are required from a month, that one first),
 * advancing every 5 s, with clickable dots and a pause.
 */
export function HighlightCarousel() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const requiredFrom = useMandateRequirement().data?.required_from;
  const slides = requiredFrom ? [mandateSlide(requiredFrom), ...HIGHLIGHT_SLIDES] : HIGHLIGHT_SLIDES;
  const count = slides.length;

  // Re-armed on every change, so a click on a dot gives that slide its full 5 s.
  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => setActive((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [active, paused, count]);

  return (
    <section className={classes.root} aria-roledescription="carousel" aria-label="Platform highlights">
      <div className={classes.slides} aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, index) => {
          const SlideIcon = slide.icon;
          const current = index === active;
          return (
            <div
              key={slide.title}
              className={classes.slide}
              data-active={current || undefined}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!current}
            >
              <Stack gap="md">
                <ThemeIcon size={52} radius="md" variant="white" aria-hidden>
                  <SlideIcon size={28} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} c="white" size="h2" lh={1.25}>
                  {slide.title}
                </Title>
                <Text c="white" size="lg" className={classes.text}>
                  {slide.text}
                </Text>
              </Stack>
            </div>
          );
        })}
      </div>
      <Group gap="xs" mt="xl" align="center">
        {slides.map((slide, index) => (
          <UnstyledButton
            key={slide.title}
            className={classes.dot}
            data-active={index === active || undefined}
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => setActive(index)}
          />
        ))}
        <ActionIcon
          variant="transparent"
          ml="xs"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play slides' : 'Pause slides'}
          className={classes.pause}
        >
          {paused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
        </ActionIcon>
      </Group>
    </section>
  );
}
