'use client';
/**
 * Around a part of a page whose code comes later (next/dynamic): when that code cannot be fetched — the
 * device lost its connection at the car before the part had loaded — the part says so in its place instead
 * of taking the whole page down with it, so the rest of the page (the results and their offline queue) keeps
 * working. A lazy component that failed stays failed until the page loads again (React caches the rejected
 * import), so the way back is a reload, which loses nothing kept on the device.
 */
import { Component, type ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

export class LazyPartBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert>
        <p>
          {this.props.name} could not be loaded: the connection was lost before it came. Everything kept on this device stays; reload the
          page when the connection is back.
        </p>
        <Button variant="secondary" className="mt-2" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Alert>
    );
  }
}
