/** A grey bar where a value will be: the loaded row's height, so nothing moves when it arrives. */
export function SkeletonBar({ className = 'w-24' }: { className?: string }) {
  return <span aria-hidden="true" className={`block h-4 rounded-flex bg-raised ${className}`} />
}
