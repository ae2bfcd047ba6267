import { Button } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorCard } from '@/components/ui/error-card';
import { errorMessage } from '@/lib/errors';

/** Last resort for errors thrown while rendering or loading a screen. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  return (
    <ErrorCard
      fullPage
      title="Something went wrong"
      message={message}
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
