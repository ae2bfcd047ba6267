import { Button } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorCard } from '@/components/ui/error-card';
import { errorMessage } from '@/lib/errors';

/** Last resort for errors thrown while rendering or loading a screen. */
export function RouteError({ error }: { error: unknown }) {
  return (
    <ErrorCard
      fullPage
      title="Something went wrong"
      message={errorMessage(error)}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component="a" href="/">
            Go home
          </Button>
        </>
      }
    />
  );
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown; at: string | null }> {
  override state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; at: string | null }) {
    // Another screen opened: the error was that screen's.
    if (state.error !== null && state.at !== null && state.at !== props.pathname) return { error: null, at: null };
    return state.error !== null && state.at === null ? { at: props.pathname } : null;
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches what a screen throws (its module failing to load too), until another screen is opened. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
