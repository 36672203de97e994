import { Component, type ErrorInfo, type ReactNode } from 'react';

type ErrorBoundaryProps = { fallback: (error: unknown, reset: () => void) => ReactNode; children: ReactNode };
type ErrorBoundaryState = { error: unknown; hasError: boolean };

/** Catches a render or lazy-load failure below it and shows the fallback instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('Rendering failed', error, info.componentStack);
  }

  reset = () => this.setState({ error: null, hasError: false });

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
