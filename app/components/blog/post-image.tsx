import { MAIN_PICTURE } from "~/components/shop/responsive-image";

/**
 * A post's featured image in a fixed 16:9 box (no layout shift whatever its size), or an illustrated
 * placeholder when the post has none.
 */
export function PostImage({ src, priority = false, className = "" }: { src: string | null; priority?: boolean; className?: string }) {
  return (
    <div className={`aspect-video overflow-hidden bg-brand-50 ${className}`}>
      {src ? (
        <img
          {...(priority ? MAIN_PICTURE : {})}
          src={src}
          alt=""
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 160 90" className="h-full w-full" preserveAspectRatio="xMidYMid slice">
          <rect width="160" height="90" fill="#e0e7ff" />
          <rect x="58" y="20" width="44" height="52" rx="7" fill="#3730a3" opacity="0.85" />
          <rect x="64" y="26" width="32" height="20" rx="2" fill="#eef2ff" />
          <circle cx="71" cy="58" r="4" fill="#eef2ff" />
          <circle cx="90" cy="56" r="3" fill="#eef2ff" />
          <circle cx="84" cy="62" r="3" fill="#eef2ff" />
        </svg>
      )}
    </div>
  );
}
