import { Component, type ReactNode } from "react";

type ErrorBoundaryProps = { fallback: ReactNode; children: ReactNode };

/** A render error shows the fallback instead of a blank page (React still needs a class here). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error("Page failed to render", error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
