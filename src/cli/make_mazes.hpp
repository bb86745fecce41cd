// The maze road of a job: an engine makes each maze into the nibble store; the host checks
// it and renders it in the job's form (text, unicode, json, png, svg, pdf, with --stats).
//
//   Job job = ...;                    // after refusal(job) came back empty
//   int code = make_mazes(job);       // the exit status; what was made is on stdout
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli/job.hpp"
#include "cli/output.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"

namespace amazing::cli {

class MazePictures;

// Renders each maze of a run in the job's format to standard output.
class MazeOutput {
 public:
  MazeOutput(const Job& job, const core::Mask* mask, std::string algorithm);
  ~MazeOutput();
  // The n-th maze (from 0) the engine made.
  core::Status add(const core::Maze& maze, const core::Markers& markers, int n);
  // A 1978 walk that stopped (its listing's Subscript out of range): in text, what the
  // listing printed of it, the top border.
  void stopped(const core::Maze& maze);
  // After the last maze: everything written (a write error is an error).
  core::Status finish();
  StdoutWriter& writer() { return out_; }

 private:
  const Job& job_;
  const core::Mask* mask_;
  std::string algorithm_;  // the json "algorithm"
  StdoutWriter out_;
  std::unique_ptr<MazePictures> pictures_;
};

// Runs the job's engine for job.count mazes and prints them (see the file comment).
int make_mazes(const Job& job);

// For the engines' make_mazes (engines/): the exit status of a rendering status (said on
// standard error when it failed), and the end of a 1978 walk that stopped at `line` in
// maze `n` (from 0): what the listing printed of it, the reason on stderr, exit 5.
int report(const core::Status& st);
int report_stop(MazeOutput& out, const core::Maze& maze, int n, int line, int width);

}  // namespace amazing::cli
