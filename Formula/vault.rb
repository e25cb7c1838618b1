# Homebrew formula for vault, built from source with SwiftPM and Homebrew's cmark. The repository
# is its own tap, so a clone (or its URL) is all Homebrew needs:
#
#   brew tap vault/vault https://…/vault.git      (or the path of a clone)
#   brew install --HEAD vault/vault/vault
#
# `make install PREFIX=…` does the work (scripts/make-dist --install): the three programs, the
# man pages and the bash, zsh and fish completions, stamped with the version from git.
class Vault < Formula
  desc "Plain-text life planner over an Obsidian-compatible vault of Markdown notes"
  # The tap is a clone of the repository: the source is the tap's own folder.
  homepage "file://#{File.expand_path("..", __dir__)}"
  license "MIT"
  head "file://#{File.expand_path("..", __dir__)}", using: :git, branch: "main"

  depends_on "pkgconf" => :build
  depends_on "cmark"
  depends_on "git"
  depends_on "openssl@3"
  depends_on "sqlite"
  uses_from_macos "swift" => :build, since: :sonoma

  on_macos do
    depends_on xcode: ["16.0", :build]
  end

  def install
    # SwiftPM's own sandbox cannot nest in Homebrew's.
    ENV["SWIFT_BUILD_FLAGS"] = "--disable-sandbox"
    system "make", "install", "PREFIX=#{prefix}"
  end

  def caveats
    <<~EOS
      Keep the server running as a user service (launchd): vault serve --install
      Keep the index fresh for every command:             vault watch --install
    EOS
  end

  test do
    system bin/"vault", "init", testpath/"Notes"
    (testpath/"Notes/Tasks.md").write "- [ ] Water the plants 📅 2026-11-23\n"
    output = shell_output("#{bin}/vault tasks --vault #{testpath}/Notes --today 2026-11-23")
    assert_match "Water the plants", output
    assert_match version.to_s.delete_prefix("HEAD-"), shell_output("#{bin}/vault --version")
  end
end
